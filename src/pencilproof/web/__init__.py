"""``pencilproof serve``: the setter's workbench, a local page that re-checks on every edit.

Needs the optional ``web`` extra (Starlette and uvicorn); the rest of pencilproof never
imports this package. :mod:`.jobs` holds what each API call does (no web framework),
:mod:`.pool` the cancellable solver processes, :mod:`.app` the Starlette application.
"""
