-- Ants & Crystals, as a CodinGame player writes it in Lua: io.read, print.
n = tonumber(io.read())
target = -1
for i = 0, n - 1 do
    local kind = tonumber(string.match(io.read(), "%d+"))
    if kind == 2 and target < 0 then target = i end
end
io.read()
myBase = string.match(io.read(), "%d+")
io.read()
while true do
    if io.read() == nil then break end
    for i = 1, n do io.read() end
    if target >= 0 then print("LINE " .. myBase .. " " .. target .. " 1") else print("WAIT") end
    io.stdout:flush()
end
