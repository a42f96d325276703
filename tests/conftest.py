"""Loads the hypothesis profile named by ``HYPOTHESIS_PROFILE`` (see ``profiles.py``)."""

import profiles  # noqa: F401
