"""Build hook for mjlog's optional compiled helpers; the metadata is in pyproject.toml.

The extension is optional: where no C compiler is found, mjlog installs and runs on its
pure-Python code, which gives the same results, only slower.
"""

from setuptools import Extension, setup

SOURCES = ["module.c", "scan.c", "wall_waits.c", "mt.c", "quiet.c", "rows.c", "elements.c", "sha512.c"]

setup(
    ext_modules=[
        Extension(
            "mjlog._speedups",
            [f"mjlog/csrc/{name}" for name in SOURCES],
            depends=["mjlog/csrc/speedups.h"],
            optional=True,
        )
    ]
)
