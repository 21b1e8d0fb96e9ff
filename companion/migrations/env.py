"""Alembic environment: the URL comes from companion.db.alembic_config."""

from alembic import context
from sqlalchemy import engine_from_config, pool
from sqlmodel import SQLModel

from companion import models, models_season, models_tournament  # noqa: F401  (every table)

config = context.config


def run_migrations() -> None:
    connectable = engine_from_config(
        config.get_section(config.config_ini_section) or {},
        prefix="sqlalchemy.",
        poolclass=pool.NullPool,
    )
    with connectable.connect() as connection:
        context.configure(
            connection=connection,
            target_metadata=SQLModel.metadata,
            render_as_batch=connection.dialect.name == "sqlite",
        )
        with context.begin_transaction():
            context.run_migrations()


run_migrations()
