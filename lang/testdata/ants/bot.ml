(* Ants & Crystals, as a CodinGame player writes it in OCaml: input_line,
   Scanf.sscanf, print_endline. *)
let () =
  let n = int_of_string (input_line stdin) in
  let target = ref (-1) in
  for i = 0 to n - 1 do
    let kind = Scanf.sscanf (input_line stdin) " %d" (fun k -> k) in
    if kind = 2 && !target < 0 then target := i
  done;
  ignore (input_line stdin);
  let my_base = Scanf.sscanf (input_line stdin) " %d" (fun b -> b) in
  ignore (input_line stdin);
  try
    while true do
      ignore (input_line stdin);
      for _ = 1 to n do ignore (input_line stdin) done;
      if !target >= 0 then Printf.printf "LINE %d %d 1\n%!" my_base !target
      else print_endline "WAIT"
    done
  with End_of_file -> ()
