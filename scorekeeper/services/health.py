"""Whether this process can reach its database: what a load balancer's health check asks."""

from __future__ import annotations

from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from ..extensions import db


def database_answers() -> bool:
    """One ``SELECT 1`` on a connection of the pool (no transaction left open)."""
    try:
        with db.engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    except SQLAlchemyError:
        return False
    return True
