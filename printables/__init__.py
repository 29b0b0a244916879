"""Printable pieces: QR-tagged cards, sticker sheets, mats and calibration sheets."""
