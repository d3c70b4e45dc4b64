"""The render layer: text pictures (:mod:`.text`), SVG pictures (:mod:`.svg`),
explanations in words (:mod:`.explain`), and the geometry a frontend needs to draw and
hit-test a board (:mod:`.anchors`, :mod:`.feature_geometry`,
:mod:`.placement_options`)."""

#: A package of modules: it exports no names of its own.
__all__: list[str] = []
