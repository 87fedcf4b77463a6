"""The synthetic framework repository that ``bench/generate.py`` writes.

One module per step, each importing only modules above it in this list:

- ``vocabulary``: the words tools are made of, and the pools of argument names;
- ``plans``: ``plan_tool`` decides everything random about one tool (``ToolPlan``);
- ``snippets``: small builders of prose and Python source text;
- the module writer, one layer per part of a tool module:
  ``pieces`` (the writer's state; docstring, constants, options, record and base
  classes), ``handlers`` (one method per action, bodies in ``HANDLERS``),
  ``execute`` (``execute`` and its dispatch), ``text_fillers`` and ``data_fillers``
  (filler function templates), ``fillers`` (filler code up to the target size), and
  ``writer`` (``ModuleWriter`` assembles the parts; ``tool_module`` plans and writes
  one tool);
- ``prompts``: the prompt file of one tool;
- ``framework``: the fixed files (helpers, the tools' AGENTS.md, the prompt wrapper);
- ``corpus``: writes the repository and creates the companions with doxtool's fixer.

Everything generated depends only on the number of tools and the seed.
"""
