STDOUT.sync = true # DO NOT REMOVE
# Ants & Crystals, as a CodinGame player writes it in Ruby: gets, puts.
n = gets.to_i
target = -1
n.times do |i|
  kind = gets.split.first.to_i
  target = i if kind == 2 && target < 0
end
gets
my_base = gets.split.first.to_i
gets
while gets
  n.times { gets }
  puts target >= 0 ? "LINE #{my_base} #{target} 1" : "WAIT"
end
