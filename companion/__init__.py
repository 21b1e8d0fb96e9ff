"""Companion: scorekeeper and referee beside a real card table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask
from htmx_flask import Htmx

ROOT = Path(__file__).resolve().parent.parent


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Application factory: config, database, extensions, blueprints."""
    from .hosts import App

    app = App(
        __name__,
        instance_path=str(ROOT / "instance"),
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    from . import (
        arrival,
        assets,
        cache,
        cli,
        db,
        errors,
        gunicorn_errors,
        hosts,
        i18n,
        limits,
        logs,
        security,
        templating,
        vendor,
    )
    from . import config as configuration
    from .api.body import SafeJSONProvider

    configuration.configure(app, config)
    gunicorn_errors.install()  # gunicorn's own error answers get security.HEADERS too
    logs.init_app(app)
    hosts.init_app(app)
    app.json = SafeJSONProvider(app)
    assert app.static_folder is not None  # given above
    vendor.install(Path(app.static_folder))
    assets.init_app(app)
    db.init_app(app)
    cache.init_app(app)
    from .services import acting

    app.before_request(acting.reset)  # who acts is told afresh by each request
    Htmx(app)
    i18n.init_app(app)
    templating.init_app(app)
    security.init_app(app)
    limits.init_app(app)
    errors.init_app(app)
    arrival.init_app(app)
    cli.init_app(app)
    _register_blueprints(app)
    from .pages import access, tournament_access

    access.init_app(app, tournament_access.GAME_KEYS)  # a director opens the tables' games
    from .services import games, tournaments

    games.follow_changes(tournaments.game_changed)  # a table's game settles its match
    from .views import live

    live.init_app(app)
    return app


def _register_blueprints(app: Flask) -> None:
    from .api import bp as api_bp
    from .views.entry import bp as entry_bp
    from .views.game_settings import bp as game_settings_bp
    from .views.games import bp as games_bp
    from .views.home import bp as home_bp
    from .views.live import bp as live_bp
    from .views.paper import bp as paper_bp
    from .views.playalong import bp as playalong_bp
    from .views.players import bp as players_bp
    from .views.prefs import bp as prefs_bp
    from .views.pwa import bp as pwa_bp
    from .views.referee import bp as referee_bp
    from .views.seasons import bp as seasons_bp
    from .views.seats import bp as seats_bp
    from .views.share import bp as share_bp
    from .views.tournament_extras import bp as tournament_extras_bp
    from .views.tournament_hall import bp as tournament_hall_bp
    from .views.tournament_keys import bp as tournament_keys_bp
    from .views.tournament_round_fixes import bp as tournament_round_fixes_bp
    from .views.tournaments import bp as tournaments_bp

    app.register_blueprint(home_bp)
    app.register_blueprint(prefs_bp)
    app.register_blueprint(games_bp)
    app.register_blueprint(game_settings_bp)
    app.register_blueprint(entry_bp)
    app.register_blueprint(api_bp)
    app.register_blueprint(referee_bp)
    app.register_blueprint(playalong_bp)
    app.register_blueprint(seats_bp)
    app.register_blueprint(share_bp)
    app.register_blueprint(tournaments_bp)
    app.register_blueprint(tournament_keys_bp)
    app.register_blueprint(tournament_round_fixes_bp)
    app.register_blueprint(paper_bp)
    app.register_blueprint(tournament_extras_bp)
    app.register_blueprint(tournament_hall_bp)
    app.register_blueprint(seasons_bp)
    app.register_blueprint(players_bp)
    app.register_blueprint(pwa_bp)
    app.register_blueprint(live_bp)
