"""The package list, which pyproject.toml cannot write: every package under scorekeeper/, plus the
project's top-level templates/ and static/ shipped inside it as scorekeeper.templates and
scorekeeper.static (the mapping and the data files are in pyproject.toml)."""

from setuptools import find_namespace_packages, setup

setup(
    packages=[
        *find_namespace_packages(include=["scorekeeper", "scorekeeper.*"]),
        "scorekeeper.templates",
        "scorekeeper.static",
    ]
)
