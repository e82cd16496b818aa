// A small JSON reader for the Rust starter kit (Rust's standard library has
// none, and the kit uses no crates): you should not need to change it.
#![allow(dead_code)]

/// A JSON value. Objects keep their keys in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(f64),
    Str(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

static NULL: Json = Json::Null;

impl Json {
    /// The member key of an object (Null when absent or not an object).
    pub fn get(&self, key: &str) -> &Json {
        match self {
            Json::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v).unwrap_or(&NULL),
            _ => &NULL,
        }
    }
    pub fn int(&self) -> i64 {
        match self {
            Json::Number(n) => *n as i64,
            _ => 0,
        }
    }
    pub fn boolean(&self) -> bool {
        matches!(self, Json::Bool(true))
    }
    pub fn str(&self) -> &str {
        match self {
            Json::Str(s) => s,
            _ => "",
        }
    }
    pub fn array(&self) -> &[Json] {
        match self {
            Json::Array(v) => v,
            _ => &[],
        }
    }
    pub fn is_null(&self) -> bool {
        matches!(self, Json::Null)
    }

    /// Parses one JSON text.
    pub fn parse(text: &str) -> Result<Json, String> {
        let mut p = Parser { s: text.as_bytes(), i: 0 };
        let v = p.value()?;
        p.space();
        if p.i != p.s.len() {
            return Err(format!("trailing characters at {}", p.i));
        }
        Ok(v)
    }

    /// Writes the value as compact JSON.
    pub fn to_string(&self) -> String {
        match self {
            Json::Null => "null".to_string(),
            Json::Bool(b) => b.to_string(),
            Json::Number(n) => {
                if n.fract() == 0.0 && n.abs() < 1e15 {
                    format!("{}", *n as i64)
                } else {
                    format!("{}", n)
                }
            }
            Json::Str(s) => quote(s),
            Json::Array(v) => format!("[{}]", v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",")),
            Json::Object(m) => {
                format!("{{{}}}", m.iter().map(|(k, v)| format!("{}:{}", quote(k), v.to_string())).collect::<Vec<_>>().join(","))
            }
        }
    }
}

pub fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out += "\\\"",
            '\\' => out += "\\\\",
            '\n' => out += "\\n",
            '\r' => out += "\\r",
            '\t' => out += "\\t",
            c if (c as u32) < 0x20 => out += &format!("\\u{:04x}", c as u32),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl<'a> Parser<'a> {
    fn space(&mut self) {
        while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }
    fn expect(&mut self, c: u8) -> Result<(), String> {
        self.space();
        if self.i < self.s.len() && self.s[self.i] == c {
            self.i += 1;
            Ok(())
        } else {
            Err(format!("expected {:?} at {}", c as char, self.i))
        }
    }
    fn peek(&mut self) -> Option<u8> {
        self.space();
        self.s.get(self.i).copied()
    }
    fn value(&mut self) -> Result<Json, String> {
        match self.peek() {
            None => Err("unexpected end of JSON".to_string()),
            Some(b'{') => {
                self.i += 1;
                let mut members = Vec::new();
                if self.peek() == Some(b'}') {
                    self.i += 1;
                    return Ok(Json::Object(members));
                }
                loop {
                    let key = self.string()?;
                    self.expect(b':')?;
                    members.push((key, self.value()?));
                    if self.peek() == Some(b',') {
                        self.i += 1;
                        continue;
                    }
                    self.expect(b'}')?;
                    return Ok(Json::Object(members));
                }
            }
            Some(b'[') => {
                self.i += 1;
                let mut items = Vec::new();
                if self.peek() == Some(b']') {
                    self.i += 1;
                    return Ok(Json::Array(items));
                }
                loop {
                    items.push(self.value()?);
                    if self.peek() == Some(b',') {
                        self.i += 1;
                        continue;
                    }
                    self.expect(b']')?;
                    return Ok(Json::Array(items));
                }
            }
            Some(b'"') => Ok(Json::Str(self.string()?)),
            Some(_) => self.literal(),
        }
    }
    fn literal(&mut self) -> Result<Json, String> {
        for (word, v) in [("true", Json::Bool(true)), ("false", Json::Bool(false)), ("null", Json::Null)] {
            if self.s[self.i..].starts_with(word.as_bytes()) {
                self.i += word.len();
                return Ok(v);
            }
        }
        let start = self.i;
        while self.i < self.s.len() && matches!(self.s[self.i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9') {
            self.i += 1;
        }
        let text = std::str::from_utf8(&self.s[start..self.i]).unwrap_or("");
        text.parse::<f64>().map(Json::Number).map_err(|_| format!("bad JSON value at {}", start))
    }
    fn hex4(&mut self) -> Result<u32, String> {
        let h = self.s.get(self.i..self.i + 4).ok_or("bad \\u escape")?;
        self.i += 4;
        u32::from_str_radix(std::str::from_utf8(h).unwrap_or("x"), 16).map_err(|_| "bad \\u escape".to_string())
    }
    fn string(&mut self) -> Result<String, String> {
        self.expect(b'"')?;
        let mut out: Vec<u8> = Vec::new();
        while self.i < self.s.len() && self.s[self.i] != b'"' {
            let c = self.s[self.i];
            self.i += 1;
            if c != b'\\' {
                out.push(c);
                continue;
            }
            let e = *self.s.get(self.i).ok_or("unfinished escape")?;
            self.i += 1;
            match e {
                b'n' => out.push(b'\n'),
                b't' => out.push(b'\t'),
                b'r' => out.push(b'\r'),
                b'b' => out.push(8),
                b'f' => out.push(12),
                b'u' => {
                    let mut cp = self.hex4()?;
                    if (0xD800..0xDC00).contains(&cp) && self.s[self.i..].starts_with(b"\\u") {
                        self.i += 2;
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (self.hex4()?.wrapping_sub(0xDC00) & 0x3FF);
                    }
                    let ch = char::from_u32(cp).unwrap_or('\u{FFFD}');
                    out.extend_from_slice(ch.to_string().as_bytes());
                }
                other => out.push(other), // \" \\ \/
            }
        }
        self.expect(b'"')?;
        String::from_utf8(out).map_err(|_| "JSON string is not UTF-8".to_string())
    }
}
