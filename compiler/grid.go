package compiler

// GridRow splits one row of a map grid written as text ("T . . ^ C") into
// its glyphs and the byte offset each starts at; blanks and tabs separate
// glyphs. Games with map grids share it.
func GridRow(line string) (cols []int, glyphs []string) {
	for i := 0; i < len(line); {
		if line[i] == ' ' || line[i] == '\t' {
			i++
			continue
		}
		j := i
		for j < len(line) && line[j] != ' ' && line[j] != '\t' {
			j++
		}
		cols, glyphs = append(cols, i), append(glyphs, line[i:j])
		i = j
	}
	return cols, glyphs
}
