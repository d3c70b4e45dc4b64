"""Private helpers shared by every layer: the one guard of argument types and the one rule
of whole numbers at the public boundary (:mod:`.exact`), the one strict JSON parse
(:mod:`.json_text`), reprs that paste back, how messages word counts, exact random numbers
and which extra to install.  Not API."""
