"""Reading untrusted documents (internal).

Checked JSON (its size, nesting, numbers and keys, then each field's type), which the loaders of
records, state documents, views and hand lines read their input through, and the grammar of a
record's text form. It builds on the engine, which the text form's checks use.
"""
