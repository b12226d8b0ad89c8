"""The results document and what reads it (pure: no pytest import): writing and reading
results files, terminal and Markdown rendering, the step summary, compare, review and
the HTML report."""
