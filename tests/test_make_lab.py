"""`make lab` (the README's first command) serves JupyterLab at the start notebook."""

import json
import os
import signal
import pathlib
import secrets
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request

import pytest

REPO = pathlib.Path(__file__).resolve().parents[1]


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
@pytest.mark.skipif(not (REPO / ".venv" / "bin" / "jupyter").exists(),
                    reason="make lab uses the project's .venv, which is not set up here")
def test_make_lab_serves_the_start_notebook(tmp_path):
    port, token = _free_port(), secrets.token_hex(8)
    args = f"--no-browser --ServerApp.token={token} --ServerApp.ip=127.0.0.1 --ServerApp.port_retries=0"
    env = dict(os.environ)
    env.update({"JUPYTER_CONFIG_DIR": str(tmp_path / "cfg"), "JUPYTER_DATA_DIR": str(tmp_path / "data"),
           "JUPYTER_RUNTIME_DIR": str(tmp_path / "rt"),
           "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "ws")})
    proc = subprocess.Popen(["make", "-s", "lab", f"PORT={port}", f"ARGS={args}"], cwd=REPO,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.time() + 90
        while True:
            try:
                urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2)
                break
            except OSError:
                assert proc.poll() is None, proc.stdout.read().decode()[-2000:]
                assert time.time() < deadline, "JupyterLab did not start within 90 s"
                time.sleep(0.5)

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *a, **k):
                return None

        opener = urllib.request.build_opener(NoRedirect)
        with pytest.raises(urllib.error.HTTPError) as info:
            opener.open(f"{base}/?token={token}", timeout=5)
        assert info.value.code == 302
        assert "/lab/tree/notebooks/00-start-here.ipynb" in info.value.headers["Location"]
        with urllib.request.urlopen(
            f"{base}/api/contents/notebooks/00-start-here.ipynb?token={token}", timeout=10
        ) as r:
            nb = json.load(r)
        assert nb["type"] == "notebook"
        assert any("SetExplorer" in "".join(c["source"]) for c in nb["content"]["cells"])
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
