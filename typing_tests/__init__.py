"""Programs written as a user of pitch13 would write them, checked by mypy and never run.

See README.md in this folder for the convention.
"""
