"""Alembic's migrations; a package so that import-linter checks that they import nothing of the app."""
