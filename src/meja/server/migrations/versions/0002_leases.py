"""Leases: the process that serves each table in play, its fencing epoch, when to wake it, and
what the lobby's lists and quotas read (log length, seats present, who made it).

Revision 0002_leases, after 0001_baseline. A database that a meja of before the revisions
brought up to leases holds some or all of these already: only what it lacks is added, and the
tables in play are woken only when wake_at is new (every table in play was served from the
start before leases came).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_leases"
down_revision = "0001_baseline"
branch_labels = None
depends_on = None

COLUMNS = (
    ("owner", sa.String(80)),
    ("lease_until", sa.Float),
    ("epoch", sa.BigInteger),
    ("wake_at", sa.Float),
    ("position", sa.Integer),
    ("present", sa.BigInteger),
    ("made_by", sa.String(64)),
)
INDEXES = {"meja_tables_created": ["created_at", "id"], "meja_tables_wake": ["wake_at"]}


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    present = {column["name"] for column in inspector.get_columns("meja_tables")}
    indexes = {index["name"] for index in inspector.get_indexes("meja_tables")}
    for name, kind in COLUMNS:
        if name not in present:
            op.add_column("meja_tables", sa.Column(name, kind, nullable=True))
    for name, columns in INDEXES.items():
        if name not in indexes:
            op.create_index(name, "meja_tables", columns)
    if "wake_at" not in present:
        tables = sa.table(
            "meja_tables", sa.column("created_at"), sa.column("finished_at"), sa.column("wake_at")
        )
        op.execute(
            tables.update()
            .where(tables.c.finished_at.is_(None))
            .values(wake_at=tables.c.created_at)
        )


def downgrade() -> None:
    for name in INDEXES:
        op.drop_index(name, table_name="meja_tables")
    for name, _kind in reversed(COLUMNS):
        op.drop_column("meja_tables", name)
