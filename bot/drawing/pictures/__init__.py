"""Cards as pictures (Pillow): faces, layouts, and the attachments that carry them."""
