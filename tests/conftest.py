"""Shared pytest configuration: hypothesis profiles, and English messages.

``HYPOTHESIS_PROFILE=ci`` (set by .ci/run) derandomizes hypothesis so a CI
run is reproducible; locally examples vary from run to run.
"""

import os

# The tests (and the notebooks nbval runs in kernels started from here) speak the
# language they assert, whatever the developer's locale: English unless a test says
# otherwise (tests/test_i18n.py switches with dominolab.i18n.using).
os.environ["DOMINOLAB_LANG"] = "en"

from hypothesis import HealthCheck, settings

settings.register_profile("default", deadline=None)
settings.register_profile(
    "ci", deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
