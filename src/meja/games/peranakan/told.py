"""What each viewer learns of a step: the core default, every step named to everyone.

Peranakan has no hidden information (docs/rules/peranakan.md, "Information"): every move is made
in the open and the tile the deck turns up (P8) lies face up for the whole table, so
State.told's default declaration is exact, and only a chance step turns up something new.
"""
