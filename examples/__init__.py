"""Programs that use pitch13: run each as the first lines of its docstring say."""
