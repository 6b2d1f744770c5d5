"""Paper: print profiles, imposition geometry, the PDF page writer with its marks and boxes, and PNG cuts of it."""
