"""Reading untrusted documents (internal): JSON checked for size, nesting, numbers and keys.

The loaders of records, state documents, views and hand lines read their input through it.
"""
