"""Reads the table: capture, QR detection, mats, zones and table readings."""
