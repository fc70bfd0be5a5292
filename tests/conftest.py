"""Shared pytest configuration: hypothesis profiles.

``HYPOTHESIS_PROFILE=ci`` (set by .ci/run) derandomizes hypothesis so a CI
run is reproducible; locally examples vary from run to run.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("default", deadline=None)
settings.register_profile(
    "ci", deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
