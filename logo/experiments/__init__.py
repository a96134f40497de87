"""Experiments over a microworld's sliders (NetLogo's BehaviorSpace for Logo lessons).

An experiment (:mod:`.spec`) varies sliders over lists or ranges of values, repeats each
combination, and runs every run headless in its own ``logo run`` process (:mod:`.runs`)
with the limits of ``logo check``; :mod:`.engine` runs them on a local pool or a Dask
cluster (:mod:`.cluster`) and keeps the results table (:mod:`.table`), which resumes;
:mod:`.sheet` draws the contact sheet of the runs' pages and :mod:`.plot` the measures
against the first varied slider.  :mod:`.named` reads experiments a lesson ships
(``pprop "experiments "NAME [...]``) and :mod:`.command` is ``logo experiment``.
"""
