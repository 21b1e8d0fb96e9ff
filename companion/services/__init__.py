"""Services shared by the pages and the API: everything between a request and the rules."""
