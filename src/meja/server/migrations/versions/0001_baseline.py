"""The schema as it stood when its changes became revisions (tables, moves, chat).

Revision 0001_baseline, the first.
"""

from __future__ import annotations

from alembic import op

from meja.server.migrations import baseline

revision = "0001_baseline"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    baseline.metadata.create_all(op.get_bind(), checkfirst=False)


def downgrade() -> None:
    baseline.metadata.drop_all(op.get_bind(), checkfirst=False)
