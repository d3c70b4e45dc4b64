"""Private helpers shared by every layer: reprs that paste back, how messages word counts,
exact random numbers and which extra to install.  Not API."""
