"""The MicroWorlds / NetLogo colour table."""

from __future__ import annotations

import pytest

from logo.turtle import palette

# NetLogo's documented RGB of the base colours (extract-rgb), x5 of each family.
BASES = {
    5: (141, 141, 141), 15: (215, 50, 41), 25: (241, 106, 21), 35: (157, 110, 72),
    45: (237, 237, 49), 55: (89, 176, 60), 65: (44, 209, 59), 75: (29, 159, 120),
    85: (84, 196, 196), 95: (45, 141, 190), 105: (52, 93, 169), 115: (124, 80, 164),
    125: (167, 27, 106), 135: (224, 127, 150),
}


@pytest.mark.parametrize("number,rgb", sorted(BASES.items()))
def test_base_colours(number, rgb):
    assert palette.number_to_rgb(number) == rgb


def test_black_and_white_are_pure():
    assert palette.number_to_rgb(0) == (0, 0, 0)
    assert palette.number_to_rgb(9.9) == (255, 255, 255)
    assert palette.number_to_rgb(palette.BLACK) == (0, 0, 0)
    assert palette.number_to_rgb(palette.WHITE) == (255, 255, 255)


def test_table_has_1400_distinct_shades():
    assert len(palette.TABLE) == 1400
    assert len(set(palette.TABLE)) == 1400


def test_shades_get_lighter_within_a_family():
    for family in range(14):
        values = [sum(palette.number_to_rgb(family * 10 + t / 10)) for t in range(100)]
        assert values == sorted(values)
    assert palette.number_to_rgb(10) < palette.number_to_rgb(15) < palette.number_to_rgb(19.9)


def test_fractional_numbers_floor_to_a_tenth():
    assert palette.number_to_rgb(15.37) == palette.number_to_rgb(15.3)
    assert palette.number_to_rgb(2.3) == palette.TABLE[23]  # 2.3 * 10 is 22.999...
    assert palette.number_to_rgb(4.4) == palette.TABLE[44]


def test_numbers_wrap_modulo_140():
    assert palette.number_to_rgb(155) == palette.number_to_rgb(15)
    assert palette.number_to_rgb(-5) == palette.number_to_rgb(135)


def test_names_english_and_russian():
    assert palette.name_to_number("red") == 15
    assert palette.name_to_number("RED") == 15
    assert palette.name_to_number("красный") == 15
    for ru, en in [("зелёный", "green"), ("зеленый", "green"), ("синий", "blue"),
                   ("чёрный", "black"), ("черный", "black"), ("белый", "white"),
                   ("жёлтый", "yellow"), ("желтый", "yellow"), ("серый", "gray"),
                   ("оранжевый", "orange"), ("коричневый", "brown"),
                   ("фиолетовый", "violet"), ("розовый", "pink"), ("голубой", "cyan")]:
        assert palette.name_to_number(ru) == palette.name_to_number(en), ru
    assert palette.name_to_number("white") == 9.9
    assert palette.name_to_number("nosuchcolour") is None


def test_rgb_back_to_number_exact_and_nearest():
    for n in (0, 5, 4.4, 15, 9.9, 139.9, 72.5):
        assert palette.nearest_number(palette.number_to_rgb(n)) == n
    assert palette.nearest_number((255, 0, 0)) == palette.nearest_number((250, 5, 5))
    assert 10 <= palette.nearest_number((255, 0, 0)) < 20  # pure red is a red shade
    assert palette.nearest_number((1, 1, 1)) == 0
    assert palette.exact_number((1, 2, 3)) is None
    assert isinstance(palette.nearest_number(palette.number_to_rgb(15)), int)


def test_rgb_lists_are_clamped():
    assert palette.clamp_rgb([300, -2, 12.6]) == (255, 0, 13)
    assert palette.rgb_to_hex((255, 0, 16)) == "#ff0010"
