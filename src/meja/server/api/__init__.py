"""The HTTP layer: one router per part of the API, their dependencies and answer models."""
