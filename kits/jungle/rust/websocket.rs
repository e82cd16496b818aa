// A minimal WebSocket client (RFC 6455) for the Rust starter kit: you
// should not need to change it. Debian packages no Rust WebSocket crate
// (no tungstenite), and the kit builds offline with rustc alone, as the Go
// kit does with its standard library: so it is written here, with the
// standard library only. Text messages both ways, pings answered, the
// server's handshake checked (Sec-WebSocket-Accept), a close or the end of
// the stream reported as None.
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::TcpStream;

/// Bounds one message (a TICK of the largest map is far below).
const MAX_MESSAGE: u64 = 16 << 20;

pub struct WebSocket {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
}

fn error(msg: String) -> io::Error {
    io::Error::new(io::ErrorKind::Other, msg)
}

impl WebSocket {
    /// Connects to a ws:// URL and performs the opening handshake.
    pub fn connect(url: &str) -> io::Result<WebSocket> {
        let rest = url.strip_prefix("ws://").ok_or_else(|| error(format!("{}: only ws:// URLs are supported", url)))?;
        let (host, path) = match rest.find('/') {
            Some(i) => (&rest[..i], &rest[i..]),
            None => (rest, "/"),
        };
        let addr = if host.contains(':') { host.to_string() } else { format!("{}:80", host) };
        let mut writer = TcpStream::connect(addr)?;
        writer.set_nodelay(true)?;
        let mut nonce = random_bytes();
        nonce.extend(random_bytes());
        let key = base64(&nonce);
        write!(
            writer,
            "GET {} HTTP/1.1\r\nHost: {}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: {}\r\nSec-WebSocket-Version: 13\r\n\r\n",
            path, host, key
        )?;
        let mut reader = BufReader::new(writer.try_clone()?);
        let mut status = String::new();
        reader.read_line(&mut status)?;
        if status.split_whitespace().nth(1) != Some("101") {
            return Err(error(format!("the server refused the WebSocket: {}", status.trim_end())));
        }
        let mut accept = None;
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line)? == 0 {
                return Err(error("the server closed the connection during the handshake".into()));
            }
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some((name, value)) = line.split_once(':') {
                if name.trim().eq_ignore_ascii_case("sec-websocket-accept") {
                    accept = Some(value.trim().to_string());
                }
            }
        }
        let want = base64(&sha1(format!("{}258EAFA5-E914-47DA-95CA-C5AB0DC85B11", key).as_bytes()));
        if accept.as_deref() != Some(want.as_str()) {
            return Err(error("the server's answer is not a WebSocket handshake".into()));
        }
        Ok(WebSocket { reader, writer })
    }

    /// The next text message; None once the server has closed the connection.
    pub fn read(&mut self) -> io::Result<Option<String>> {
        let mut message = Vec::new();
        loop {
            let mut head = [0u8; 2];
            if let Err(e) = self.reader.read_exact(&mut head) {
                return if e.kind() == io::ErrorKind::UnexpectedEof { Ok(None) } else { Err(e) };
            }
            let (fin, opcode, masked) = (head[0] & 0x80 != 0, head[0] & 0x0f, head[1] & 0x80 != 0);
            let mut len = u64::from(head[1] & 0x7f);
            if len == 126 {
                let mut b = [0u8; 2];
                self.reader.read_exact(&mut b)?;
                len = u64::from(u16::from_be_bytes(b));
            } else if len == 127 {
                let mut b = [0u8; 8];
                self.reader.read_exact(&mut b)?;
                len = u64::from_be_bytes(b);
            }
            if len + message.len() as u64 > MAX_MESSAGE {
                return Err(error(format!("a message of more than {} bytes", MAX_MESSAGE)));
            }
            let mut mask = [0u8; 4];
            if masked {
                self.reader.read_exact(&mut mask)?;
            }
            let mut payload = vec![0u8; len as usize];
            self.reader.read_exact(&mut payload)?;
            if masked {
                for (i, b) in payload.iter_mut().enumerate() {
                    *b ^= mask[i % 4];
                }
            }
            match opcode {
                0x8 => {
                    // Close: echo its status, then the game is over.
                    let _ = self.send_frame(0x8, &payload[..payload.len().min(2)]);
                    return Ok(None);
                }
                0x9 => self.send_frame(0xA, &payload)?,
                0xA => {}
                0x0 | 0x1 | 0x2 => {
                    message.extend_from_slice(&payload);
                    if fin {
                        return String::from_utf8(message).map(Some).map_err(|e| error(e.to_string()));
                    }
                }
                _ => return Err(error(format!("unknown WebSocket opcode {}", opcode))),
            }
        }
    }

    /// Sends one text message.
    pub fn send(&mut self, text: &str) -> io::Result<()> {
        self.send_frame(0x1, text.as_bytes())
    }

    /// One whole frame, masked as a client's must be.
    fn send_frame(&mut self, opcode: u8, payload: &[u8]) -> io::Result<()> {
        let n = payload.len();
        let mut frame = vec![0x80 | opcode];
        if n < 126 {
            frame.push(0x80 | n as u8);
        } else if n < 1 << 16 {
            frame.push(0x80 | 126);
            frame.extend_from_slice(&(n as u16).to_be_bytes());
        } else {
            frame.push(0x80 | 127);
            frame.extend_from_slice(&(n as u64).to_be_bytes());
        }
        let mask = &random_bytes()[..4];
        frame.extend_from_slice(mask);
        frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
        self.writer.write_all(&frame)
    }
}

/// Eight unpredictable bytes from the standard library's randomly keyed
/// hasher (the key and mask need not be secret, only unpredictable).
fn random_bytes() -> Vec<u8> {
    let mut h = RandomState::new().build_hasher();
    h.write_u64(std::process::id() as u64);
    h.finish().to_le_bytes().to_vec()
}

/// SHA-1 (FIPS 180-4), which the handshake's Sec-WebSocket-Accept uses.
fn sha1(data: &[u8]) -> [u8; 20] {
    let mut h: [u32; 5] = [0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0];
    let mut msg = data.to_vec();
    msg.push(0x80);
    while msg.len() % 64 != 56 {
        msg.push(0);
    }
    msg.extend_from_slice(&(data.len() as u64 * 8).to_be_bytes());
    for chunk in msg.chunks(64) {
        let mut w = [0u32; 80];
        for i in 0..16 {
            w[i] = u32::from_be_bytes([chunk[4 * i], chunk[4 * i + 1], chunk[4 * i + 2], chunk[4 * i + 3]]);
        }
        for i in 16..80 {
            w[i] = (w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]).rotate_left(1);
        }
        let (mut a, mut b, mut c, mut d, mut e) = (h[0], h[1], h[2], h[3], h[4]);
        for (i, wi) in w.iter().enumerate() {
            let (f, k) = match i {
                0..=19 => ((b & c) | (!b & d), 0x5A827999),
                20..=39 => (b ^ c ^ d, 0x6ED9EBA1),
                40..=59 => ((b & c) | (b & d) | (c & d), 0x8F1BBCDC),
                _ => (b ^ c ^ d, 0xCA62C1D6),
            };
            let t = a.rotate_left(5).wrapping_add(f).wrapping_add(e).wrapping_add(k).wrapping_add(*wi);
            e = d;
            d = c;
            c = b.rotate_left(30);
            b = a;
            a = t;
        }
        for (x, y) in h.iter_mut().zip([a, b, c, d, e]) {
            *x = x.wrapping_add(y);
        }
    }
    let mut out = [0u8; 20];
    for (i, x) in h.iter().enumerate() {
        out[4 * i..4 * i + 4].copy_from_slice(&x.to_be_bytes());
    }
    out
}

/// Standard base64 with padding.
fn base64(data: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in data.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            out.push(if i <= chunk.len() { ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char } else { '=' });
        }
    }
    out
}
