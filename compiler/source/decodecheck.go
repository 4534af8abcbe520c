package source

import (
	"fmt"
	"reflect"
)

// CompareDecode decodes d into a new value from mk with Decode and with
// yaml.v3 (d.Node().Decode) and reports any difference of value or error:
// the games' differential tests run it on their content.
func CompareDecode(d *Document, mk func() any) error {
	got, want := mk(), mk()
	gotErr, wantErr := d.Decode(got), d.Node().Decode(want)
	if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
		return fmt.Errorf("%s document %d into %T: error %v, yaml.v3 %v", d.File, d.Index+1, got, gotErr, wantErr)
	}
	if !reflect.DeepEqual(got, want) {
		return fmt.Errorf("%s document %d into %T:\n got %+v\nwant %+v", d.File, d.Index+1, got,
			reflect.ValueOf(got).Elem(), reflect.ValueOf(want).Elem())
	}
	return nil
}
