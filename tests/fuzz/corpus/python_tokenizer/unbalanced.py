x = "unterminated
def f(:
  ((([
	return """never closed