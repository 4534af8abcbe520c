-- Drives roundtable's language server with Neovim's own LSP client (0.7+).
-- Arguments come from the environment: the server command, the pack folder
-- and the file to write results to, one "name ok|fail detail" line each.
local server = vim.env.RT_SERVER
local dir = vim.env.RT_PACK
local out = assert(io.open(vim.env.RT_OUT, 'w'))
local function report(name, ok, detail)
  out:write(string.format('%s %s %s\n', name, ok and 'ok' or 'fail', (detail or ''):gsub('\n', ' ')))
  out:flush()
end

local client_id = vim.lsp.start_client({
  name = 'roundtable',
  cmd = { server },
  root_dir = dir,
  flags = { debounce_text_changes = 0 },
  workspace_folders = { { uri = vim.uri_from_fname(dir), name = 'valm' } },
})
report('start', client_id ~= nil, tostring(client_id))
-- Every YAML buffer talks to the server, as a user's configuration does.
vim.api.nvim_create_autocmd('BufEnter', {
  pattern = '*.yaml',
  callback = function(args) vim.lsp.buf_attach_client(args.buf, client_id) end,
})

vim.cmd('edit ' .. dir .. '/units/walhart.yaml')
local buf = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(buf, client_id)
local client = vim.lsp.get_client_by_id(client_id)
report('attach', vim.wait(10000, function() return client.initialized end, 20), '')

-- A clean pack first: no diagnostics once the server has checked.
vim.wait(1000, function() return false end, 50)
report('clean', #vim.diagnostic.get(buf) == 0, vim.inspect(vim.diagnostic.get(buf)))

-- Type a bad tag: armored -> armord on "tags: [armored, swift]" (line 9).
vim.api.nvim_win_set_cursor(0, { 9, 8 })
vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('ciwarmord<Esc>', true, false, true), 'xt', false)
report('typed', vim.api.nvim_buf_get_lines(buf, 8, 9, false)[1] == 'tags: [armord, swift]', vim.api.nvim_buf_get_lines(buf, 8, 9, false)[1])
local got = vim.wait(20000, function()
  local ds = vim.diagnostic.get(buf)
  return #ds == 1 and ds[1].code == 'unknown-ref' and ds[1].message:find('armord', 1, true) ~= nil
end, 20)
local d = vim.diagnostic.get(buf)[1] or {}
report('diagnostic', got and d.code == 'unknown-ref' and d.lnum == 8 and d.col == 7 and d.end_lnum == 8 and d.end_col == 13,
  string.format('%s %s:%s-%s:%s %s', tostring(d.code), tostring(d.lnum), tostring(d.col), tostring(d.end_lnum), tostring(d.end_col), tostring(d.message)))

-- Complete a tag id: after "tags: [armord, sw".
vim.api.nvim_buf_set_lines(buf, 8, 9, false, { 'tags: [armored, sw' })
vim.api.nvim_win_set_cursor(0, { 9, 18 })
local params = vim.lsp.util.make_position_params()
params.position.character = 18 -- after "sw", where insert mode puts the cursor
local res = vim.lsp.buf_request_sync(buf, 'textDocument/completion', params, 10000)
local item
for _, r in pairs(res or {}) do
  for _, it in ipairs((r.result or {}).items or r.result or {}) do
    if it.label == 'swift' then item = it end
  end
end
report('completion', item ~= nil, item and vim.json.encode(item.textEdit) or vim.inspect(res))
if item then
  vim.lsp.util.apply_text_edits({ item.textEdit }, buf, 'utf-16')
  report('applied', true, vim.api.nvim_buf_get_lines(buf, 8, 9, false)[1])
  vim.api.nvim_buf_set_text(buf, 8, 18 + 3, 8, 18 + 3, { ']' })
end
report('completed', vim.api.nvim_buf_get_lines(buf, 8, 9, false)[1] == 'tags: [armored, swift]', vim.api.nvim_buf_get_lines(buf, 8, 9, false)[1])
vim.wait(20000, function() return #vim.diagnostic.get(buf) == 0 end, 20)
report('fixed', #vim.diagnostic.get(buf) == 0, vim.inspect(vim.diagnostic.get(buf)))

-- Jump to swift's definition in tags.yaml.
vim.api.nvim_win_set_cursor(0, { 9, 17 })
vim.lsp.buf.definition()
local jumped = vim.wait(10000, function() return vim.endswith(vim.api.nvim_buf_get_name(0), '/tags.yaml') end, 20)
local cur = vim.api.nvim_win_get_cursor(0)
report('definition', jumped and cur[1] == 2 and cur[2] == 4, vim.api.nvim_buf_get_name(0) .. ' ' .. vim.inspect(cur))

-- Rename swift to fleet from its definition: both files change.
vim.lsp.buf.rename('fleet')
local renamed = vim.wait(10000, function()
  return vim.api.nvim_buf_get_lines(0, 1, 2, false)[1] == 'id: fleet'
end, 20)
local units = vim.fn.bufnr(dir .. '/units/walhart.yaml')
report('rename', renamed and vim.api.nvim_buf_get_lines(units, 8, 9, false)[1] == 'tags: [armored, fleet]',
  vim.api.nvim_buf_get_lines(0, 1, 2, false)[1] .. ' | ' .. (vim.api.nvim_buf_get_lines(units, 8, 9, false)[1] or ''))
vim.wait(20000, function() return #vim.diagnostic.get(units) == 0 and #vim.diagnostic.get(0) == 0 end, 20)
report('renamed-clean', #vim.diagnostic.get(units) == 0 and #vim.diagnostic.get(0) == 0, vim.inspect(vim.diagnostic.get(units)))

report('done', true, '')
out:close()
vim.lsp.stop_client(client_id)
vim.wait(2000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 20)
vim.cmd('qa!')
