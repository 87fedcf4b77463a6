"""doxtool: keep agent tools, their DOX companions and their prompts in agreement."""

__version__ = "0.1.0"
