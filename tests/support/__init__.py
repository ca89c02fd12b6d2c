"""Helpers shared by the pytest suites in tests/ and integration/."""
