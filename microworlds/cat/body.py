"""The cat as a formula of 25 bars, and its pose from the gait (spec §1.2).

The tree (our proposal; the paper's bar list is lost): torso (the root, from the hips
forward) -> neck -> head -> two ears; torso -> tail of four bars; torso -> four legs of
upper segment, lower segment, metacarpus/metatarsus and paw.  The model frame has x
forward (the way the cat faces), y up, z to the cat's left; lengths are in H (the
shoulder height), the ground is y = 0 and every shoulder and hip is at y = H.

A leg's pose comes from its paw target by inverse kinematics: the gait gives the end of
the third segment at (x, y) in the spec's coordinates (x > 0 behind the shoulder), the
third joint is held at a fixed interior angle (120 degrees) and the other two solve the
two-link chain; front legs bend elbow-back, hind legs knee-forward.  The paw bar lies
level on the ground and droops as it rises.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from .bars import Bar, Node, Tree, chain_end, flatten, read_tree, two_link_ik, world_corners
from .law import LEGS, Y

H = 1.0
SEGMENTS = (0.45, 0.45, 0.30)  # upper, lower, metacarpus/metatarsus: l = 1.2
GAMMA = np.radians(120.0)  # the third joint's fixed interior angle
TORSO_RISE = 0.12  # torso axis above the shoulder joints
JOINTS = {"LH": (0.15, -TORSO_RISE, 0.14), "LF": (1.45, -TORSO_RISE, 0.14),
          "RH": (0.15, -TORSO_RISE, -0.14), "RF": (1.45, -TORSO_RISE, -0.14)}
KNEE = np.array([1.0 if leg.endswith("H") else -1.0 for leg in LEGS])  # +1: knee forward
HOCK = -KNEE
PAW_LEVEL = 0.04  # half the paw's height: its sole is this far below the ankle


def _leg(leg: str) -> Node:
    hind = leg.endswith("H")
    s1, s2, s3 = SEGMENTS
    upper = Bar(f"{leg}.upper", s1, 0.2 if hind else 0.16, 0.4 if hind else 0.28, 0.13, 0.17)
    lower = Bar(f"{leg}.lower", s2, 0.12, 0.15, 0.09, 0.1)
    meta = Bar(f"{leg}.meta", s3, 0.09, 0.1, 0.08, 0.08)
    paw = Bar(f"{leg}.paw", 0.19, 0.11, 2 * PAW_LEVEL, 0.09, 0.06)
    return Node(upper, JOINTS[leg], (Node(lower, (s1, 0, 0), (Node(
        meta, (s2, 0, 0), (Node(paw, (s3, 0, 0)),)),)),))


def _tail() -> Node:
    sizes = ((0.13, 0.1), (0.1, 0.085), (0.085, 0.07), (0.07, 0.0))
    node = None
    for i in reversed(range(4)):
        w0, w1 = sizes[i]
        bar = Bar(f"tail{i + 1}", 0.32, w0, w0, w1, w1)
        node = Node(bar, (0.32, 0, 0) if i else (0.0, 0.15, 0.0),
                    (node,) if node is not None else ())
    assert node is not None
    return node


def cat_formula() -> Node:
    """The cat: a formula of 25 bars."""
    ears = tuple(Node(Bar(f"ear.{side}", 0.24, 0.08, 0.17, 0.0, 0.0), (0.06, 0.17, z))
                 for side, z in (("L", 0.12), ("R", -0.12)))
    head = Node(Bar("head", 0.44, 0.42, 0.44, 0.24, 0.24), (0.3, 0, 0), ears)
    neck = Node(Bar("neck", 0.32, 0.3, 0.42, 0.26, 0.34), (1.48, 0.1, 0), (head,))
    torso = Bar("torso", 1.6, 0.44, 0.5, 0.48, 0.62)
    return Node(torso, (0.0, 0.0, 0.0), (neck, _tail(), *(_leg(leg) for leg in LEGS)))


@cache
def cat_tree() -> Tree:
    return flatten(cat_formula())


@cache
def leg_bars() -> np.ndarray:
    """Indices (legs, 4) of each leg's upper, lower, meta and paw bars in the tree."""
    tree = cat_tree()
    return np.array([[tree.index(f"{leg}.{part}") for part in ("upper", "lower", "meta",
                                                                "paw")] for leg in LEGS])


REST = {"neck": 0.9, "head": -1.05, "ear.L": 1.75, "ear.R": 1.85,
        "tail1": 2.75, "tail2": -0.35, "tail3": -0.35, "tail4": -0.3}


def paw_targets(states: np.ndarray) -> np.ndarray:
    """The end of each third segment (cats, legs, 2) relative to its shoulder/hip in the
    model frame, from leg states (cats, legs, 4) in the spec's coordinates."""
    return np.stack([-states[..., 0], states[..., Y] - H], axis=-1)


def leg_directions(states: np.ndarray) -> np.ndarray:
    """World directions (cats, legs, 4) of each leg's four bars (radians, 0 = forward)."""
    dirs = two_link_ik(paw_targets(states), *SEGMENTS, GAMMA, KNEE, HOCK)
    paw = -np.minimum(2.5 * np.maximum(states[..., Y], 0.0), 0.8)
    return np.concatenate([dirs, paw[..., None]], axis=-1)


def pose(states: np.ndarray, phase: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Joint angles (cats, 25, 3) and the root's position (cats, 3) for leg states
    (cats, legs, 4) and each cat's gait phase (cats,) in cycles (sways head and tail)."""
    tree = cat_tree()
    cats = states.shape[0]
    angles = np.zeros((cats, len(tree.names), 3))
    for name, value in REST.items():
        angles[:, tree.index(name), 2] = value
    wave = np.sin(2 * np.pi * phase)[:, None]
    tail = [tree.index(f"tail{i}") for i in range(1, 5)]
    angles[:, tail, 2] += 0.08 * wave * np.array([1.0, 1.5, 2.0, 2.5])
    angles[:, tree.index("head"), 2] += 0.03 * np.sin(4 * np.pi * phase)
    world = leg_directions(states)  # (cats, legs, 4): relative = own - parent's
    relative = np.diff(world, axis=-1, prepend=0.0)
    angles[:, leg_bars(), 2] = relative
    root = np.zeros((cats, 3))
    root[:, 1] = H + TORSO_RISE
    return angles, root


def corners(states: np.ndarray, phase: np.ndarray) -> np.ndarray:
    """Every bar's corners (cats, 25, 8, 3) in the model frame."""
    tree = cat_tree()
    R, P = read_tree(tree, *pose(states, phase))
    return world_corners(tree, R, P)


def ankle_positions(states: np.ndarray, phase: np.ndarray) -> np.ndarray:
    """Where forward kinematics puts each leg's third segment's end (cats, legs, 2),
    relative to its shoulder/hip in the model frame (for FK(IK(p)) = p)."""
    tree = cat_tree()
    _R, P = read_tree(tree, *pose(states, phase))
    paw = P[:, leg_bars()[:, 3], :2]  # the paw bar's joint is the third segment's end
    joints = np.array([JOINTS[leg][:2] for leg in LEGS]) + np.array([0.0, H + TORSO_RISE])
    return paw - joints


def reach() -> float:
    """The longest shoulder-to-ankle distance the legs can take."""
    turn = np.pi - GAMMA
    return SEGMENTS[0] + float(np.hypot(*chain_end(np.array([0.0, turn]), SEGMENTS[1:])))
