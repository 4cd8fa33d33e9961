"""The kit's tests run against the repository's built binary (`swift build` first) through the
`playground` fixture of the installed plugin; `pytester` checks failure messages in a child run."""
pytest_plugins = ["pytester"]
