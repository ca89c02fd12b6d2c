"""The migrations, one file per revision (``0001_initial.py``, ...)."""
