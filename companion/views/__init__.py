"""HTML pages: thin views that parse input, call services, render templates."""
