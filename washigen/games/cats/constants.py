"""What Cats' commands and its registry entry read when washigen starts: the title, the sizes and the bounds of
the parameters. Plain values only (no pydantic, no drawing), so `washigen games` and `--help` stay quick; model.py
takes its sizes from here."""

TITLE = "Tokyo Washi Game Cats"

# -- sizes (DESIGN 5: 50 mm tape, 5 mm cells, 9 cell rows + a 5 mm band, 24 columns a segment) --------------
DEFAULT_TAPE_WIDTH = 50.0
DEFAULT_SEGMENT_ROWS = 9
DEFAULT_SEGMENT_COLS = 24
MIN_CELL_MM = 4.0            # below this a cell is too small to draw a fish in: a printability warning
FOREST_SECTION_COLS = 8      # the forest section between two segments on the roll, in cells
SEGMENT_ROWS_RANGE = (4, 15)
SEGMENT_COLS_RANGE = (18, 60)        # 18: the fewest that hold a 2-player home row
TAPE_WIDTH_RANGE = (10.0, 120.0)
LONG_MAX = 4
FORESTS_MAX = 30
DRAWING_GAP = 2              # empty cells at least between any two drawings of a set-up
# The 3-player game's 8 fish, drawn one at a time in turn order: 3, 3 and 2 a player (a team, in the 6-player team
# game, which is set up as the 3-player one).
THREE_PLAYER_TURNS = (1, 2, 3, 1, 2, 3, 1, 2)

MAX_VARIANTS = 10_000       # `cats variants --count`: written one by one, memory flat in the count
CUT_UP_BUDGET = 2.0          # seconds of the cut-up fairness search at the nominal rate: a 2-player map in < 5 s
# How its games end (arena.records.End): a goal reached, decided by trapped players, cut off by the turn limit.
ENDINGS = ("win", "trap", "turn_limit")
VERDICT_GAMES = 200          # games behind a cut-up's fairness verdict: arena.fair.FAIR_GAMES (a test holds them equal)
