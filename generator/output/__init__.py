"""Writing what renderers made: staged atomic writes and the manifest."""
