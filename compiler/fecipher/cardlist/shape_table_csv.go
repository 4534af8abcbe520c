package cardlist

// A spreadsheet saved as CSV (commas, semicolons or tabs; quoted cells)
// or as a JSON array of rows: a header row naming the columns, in any
// order, then a row per printing (or per card of one printing). Rows that
// agree on every card field, and on the ID column where there is one, are
// one card.
func init() {
	register(&Shape{
		Name:   "csv",
		Format: FormatTable,
		Detect: func(s *Seen) Fit {
			return s.Fit(append([]string{fUnit, fTitle, fCode}, gameFields...), nil)
		},
		Decode: func(im *importer, in *input) []*record {
			rows := in.rows
			if rows == nil {
				var err *tableError
				if rows, err = csvRows(im.data, im.lines, in.seen.Sep); err != nil {
					im.diags.Add(CodeTable, im.pos(err.off), "%s cannot be read as CSV: %s; nothing imported", im.display, err.msg).Hint = `a cell that holds a quote, a comma or a line break is quoted, each quote inside it doubled (""), as spreadsheets save them`
					return nil
				}
			}
			return decodeRows(im, in.header, rows, nil)
		},
	})
}
