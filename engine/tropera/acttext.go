package tropera

import "strings"

// textBuf is room for an action text's pieces on the caller's stack.
type textBuf [16]string

// textPieces appends to dst the pieces whose concatenation is a's text
// ("lyn attack vissan-soldier-1 with iron-sword"): unit, weapon, item and
// tile names and the words between them, all strings the battle already
// holds. The battle must be as it was when a was listed: slots name the
// carried item or weapon they hold now.
func (b *Battle) textPieces(dst []string, a act) []string {
	if a.v == vEndPhase {
		return append(dst, "end phase")
	}
	u := b.Units[a.u]
	if a.v == vPlace {
		if a.tile < 0 {
			return append(dst, "place ", u.ID, " off the map")
		}
		return append(dst, "place ", u.ID, " at ", b.tileName(int(a.tile)))
	}
	dst = append(dst, u.ID)
	switch a.v {
	case vWait:
		return append(dst, " wait")
	case vDismount:
		return append(dst, " dismount at ", b.tileName(int(a.tile)))
	case vMove:
		return append(dst, " move ", b.tileName(int(a.tile)))
	case vAttack:
		dst = append(dst, " attack ", b.Units[a.t].ID, " with ", b.rs.Weapons[a.w].ID)
		switch a.opt {
		case optGrapple, optTrample:
			return append(dst, " ", a.opt.String())
		case optChain, optSplit:
			dst = append(dst, " ", a.opt.String(), " ")
			for k, x := range a.list {
				if k > 0 {
					dst = append(dst, " ")
				}
				dst = append(dst, b.Units[x].ID)
			}
		}
		return dst
	case vAttackTile:
		return append(dst, " attack tile ", b.tileName(int(a.tile)), " with ", b.rs.Weapons[a.w].ID)
	case vCast:
		return append(dst, " cast ", b.rs.Weapons[a.w].ID, " on ", b.Units[a.t].ID)
	case vUse:
		dst = append(dst, " use ", b.rs.Items[a.w].ID)
		if a.t != a.u {
			dst = append(dst, " on ", b.Units[a.t].ID)
		}
		return dst
	case vOpen:
		return append(dst, " use ", b.rs.Items[a.w].ID, " on ", b.tileName(int(a.tile)))
	case vDefend:
		return append(dst, " defend")
	case vDash:
		return append(dst, " dash")
	case vPrepare:
		dst = append(dst, " prepare ", b.rs.Weapons[a.w].ID)
		if a.opt == optAt {
			dst = append(dst, " at ", b.tileName(a.list[0]))
		}
		return dst
	case vPerform:
		dst = append(dst, " perform ", b.rs.Performances[a.w].ID)
		switch {
		case a.t >= 0:
			dst = append(dst, " on ", b.Units[a.t].ID)
		case a.w2 >= 0:
			dst = append(dst, " with ", b.rs.Performances[a.w2].ID)
		}
		return dst
	case vSteal:
		o := b.Units[a.t]
		return append(dst, " steal ", b.rs.Items[o.Items[a.slot].ID].ID, " from ", o.ID)
	case vPick:
		return append(dst, " pick ", b.tileName(int(a.tile)))
	case vOverload:
		return append(dst, " overload")
	case vProvoke:
		return append(dst, " provoke")
	case vShade:
		return append(dst, " shade")
	case vRescue:
		return append(dst, " rescue ", b.Units[a.t].ID)
	case vDrop:
		return append(dst, " drop ", b.Units[a.t].ID, " at ", b.tileName(int(a.tile)))
	case vUnload:
		return append(dst, " unload ", b.Units[a.t].ID, " from ", b.Units[a.t2].ID, " at ", b.tileName(int(a.tile)))
	case vSeize:
		return append(dst, " seize")
	case vEscape:
		return append(dst, " escape")
	case vDisembark:
		return append(dst, " disembark")
	case vEmbark:
		return append(dst, " embark")
	case vTransform:
		return append(dst, " transform")
	case vEquip:
		return append(dst, " equip ", b.rs.Weapons[a.w].ID)
	case vSearch:
		return append(dst, " search")
	case vGive:
		return append(dst, " give ", b.carried(u, a.opt, a.slot), " to ", b.Units[a.t].ID)
	case vSwap:
		o := b.Units[a.t]
		return append(dst, " swap ", b.carried(u, a.opt, a.slot), " for ", b.carried(o, a.opt, a.slot2), " with ", o.ID)
	case vTake:
		o := b.Units[a.t]
		return append(dst, " take ", b.carried(o, a.opt, a.slot2), " from ", o.ID)
	case vCleave:
		return append(dst, " cleave ", b.Units[a.t].ID)
	}
	return dst
}

// carried names what u carries in a slot: a weapon's id for the kind
// "weapon", else an item's.
func (b *Battle) carried(u *BUnit, kind actOpt, slot int16) string {
	if kind == optWeapon {
		return b.rs.Weapons[u.Weapons[slot].ID].ID
	}
	return b.rs.Items[u.Items[slot].ID].ID
}

// actText is a's text (see textPieces).
func (b *Battle) actText(a act) string {
	var buf textBuf
	return strings.Join(b.textPieces(buf[:0], a), "")
}

// textIs reports whether a's text is s, without building it.
func (b *Battle) textIs(a act, s string) bool {
	if a.v != vEndPhase && a.v != vPlace && !strings.HasPrefix(s, b.Units[a.u].ID) {
		return false // every other text starts with its unit's id
	}
	var buf textBuf
	for _, p := range b.textPieces(buf[:0], a) {
		if len(p) > len(s) || s[:len(p)] != p {
			return false
		}
		s = s[len(p):]
	}
	return s == ""
}

// textKey is the length and an FNV-1a hash of a's text: two texts that
// differ in either differ.
func (b *Battle) textKey(a act) (int, uint64) {
	var buf textBuf
	n, h := 0, uint64(14695981039346656037)
	for _, p := range b.textPieces(buf[:0], a) {
		n += len(p)
		for k := 0; k < len(p); k++ {
			h = (h ^ uint64(p[k])) * 1099511628211
		}
	}
	return n, h
}

// sameText reports whether a and x have the same text, without building
// either.
func (b *Battle) sameText(a, x act) bool {
	var ba, bx textBuf
	pa, px := b.textPieces(ba[:0], a), b.textPieces(bx[:0], x)
	var sa, sx string
	for {
		for sa == "" && len(pa) > 0 {
			sa, pa = pa[0], pa[1:]
		}
		for sx == "" && len(px) > 0 {
			sx, px = px[0], px[1:]
		}
		if sa == "" || sx == "" {
			return sa == sx
		}
		n := min(len(sa), len(sx))
		if sa[:n] != sx[:n] {
			return false
		}
		sa, sx = sa[n:], sx[n:]
	}
}

// indexText is the index of the first of acts whose text is s, -1 when
// none.
func (b *Battle) indexText(acts []act, s string) int {
	for k, a := range acts {
		if b.textIs(a, s) {
			return k
		}
	}
	return -1
}
