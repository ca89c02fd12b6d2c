"""``python -m headwater``: the command line."""

from headwater.cli import main

main()
