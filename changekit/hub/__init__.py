"""``changekit hub``: a JupyterHub for a class, from the kit's own configuration (docs/serving.md).

* :mod:`changekit.hub.config`: the hub's settings (shared class password, the teacher as admin,
  local spawner, the gallery under Voila for everyone, the idle culler, the class service) and
  the ``jupyterhub_config.py`` they make;
* :mod:`changekit.hub.assets`: a Jupyter Server extension that serves the kit's one copy of
  plotly.js under the server's own prefix (``/user/<name>/``), so charts stay light on a hub;
* :mod:`changekit.hub.service`: the class service, the only process that holds the class store;
  students' servers reach it over HTTP with their hub identity.
"""
