"""The exercise data of each lesson, one module per lesson (loaded on demand by
:func:`dominolab.teach.lesson`); each module defines ``LESSON``."""
