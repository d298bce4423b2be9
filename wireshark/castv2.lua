-- castv2.lua: Wireshark/tshark dissector for the Google Cast V2 channel (CASTV2).
--
-- Cast V2 runs inside TLS on TCP 8009. Each frame is a 4-byte big-endian body length (1..65536) followed by a
-- protobuf CastMessage (cast_channel.proto); UTF-8 payloads are JSON, deviceauth payloads a DeviceAuthMessage.
-- Facts: /work/shared/protocol.md sections 2.2-2.5.
--
-- Use:   tshark -X lua_script:wireshark/castv2.lua -o tls.keylog_file:KEYS -r CAPTURE -Y castv2
-- Other ports: Cast frames in TLS are recognised by their content (preference castv2.heuristic_tls, on); in plain
-- TCP too with castv2.heuristic_tcp (off). Decode As (-d tls.port==PORT,castv2) still forces a port.
-- Written for Wireshark 3.6/4.0 (Lua 5.2): no integer division or bitwise operators, only arithmetic.

local MAX_BODY = 65536 -- Chromium max_body_size / openscreen kMaxBodySize
local DEVICEAUTH_NS = "urn:x-cast:com.google.cast.tp.deviceauth"

local castv2 = Proto("castv2", "Google Cast V2")

local VERSIONS = { [0] = "CASTV2_1_0", [1] = "CASTV2_1_1", [2] = "CASTV2_1_2", [3] = "CASTV2_1_3" }
local PAYLOAD_TYPES = { [0] = "STRING", [1] = "BINARY" }
local SIG_ALGS = { [0] = "UNSPECIFIED", [1] = "RSASSA_PKCS1v15", [2] = "RSASSA_PSS" }
local HASH_ALGS = { [0] = "SHA1", [1] = "SHA256" }
local AUTH_ERRORS = { [0] = "INTERNAL_ERROR", [1] = "NO_TLS", [2] = "SIGNATURE_ALGORITHM_UNAVAILABLE" }

local f = {
    length = ProtoField.uint32("castv2.length", "Length", base.DEC),
    protocol_version = ProtoField.uint32("castv2.protocol_version", "Protocol version", base.DEC, VERSIONS),
    source_id = ProtoField.string("castv2.source_id", "Source ID"),
    destination_id = ProtoField.string("castv2.destination_id", "Destination ID"),
    namespace = ProtoField.string("castv2.namespace", "Namespace"),
    payload_type = ProtoField.uint32("castv2.payload_type", "Payload type", base.DEC, PAYLOAD_TYPES),
    payload_utf8 = ProtoField.string("castv2.payload_utf8", "Payload (UTF-8)"),
    payload_binary = ProtoField.bytes("castv2.payload_binary", "Payload (binary)"),
    continued = ProtoField.bool("castv2.continued", "Continued"),
    remaining_length = ProtoField.uint32("castv2.remaining_length", "Remaining length", base.DEC),
    unknown_field = ProtoField.uint32("castv2.unknown_field", "Unknown field", base.DEC),
    type = ProtoField.string("castv2.type", "Message type"),
    request_id = ProtoField.int64("castv2.request_id", "Request ID", base.DEC),
    deviceauth = ProtoField.none("castv2.deviceauth", "DeviceAuthMessage"),
    da_challenge = ProtoField.none("castv2.deviceauth.challenge", "Challenge"),
    da_response = ProtoField.none("castv2.deviceauth.response", "Response"),
    da_error = ProtoField.none("castv2.deviceauth.error", "Error"),
    da_sig_alg = ProtoField.uint32("castv2.deviceauth.signature_algorithm", "Signature algorithm", base.DEC, SIG_ALGS),
    da_hash_alg = ProtoField.uint32("castv2.deviceauth.hash_algorithm", "Hash algorithm", base.DEC, HASH_ALGS),
    da_nonce = ProtoField.bytes("castv2.deviceauth.sender_nonce", "Sender nonce"),
    da_signature = ProtoField.bytes("castv2.deviceauth.signature", "Signature"),
    da_client_cert = ProtoField.bytes("castv2.deviceauth.client_auth_certificate", "Client auth certificate"),
    da_inter_cert = ProtoField.bytes("castv2.deviceauth.intermediate_certificate", "Intermediate certificate"),
    da_crl = ProtoField.bytes("castv2.deviceauth.crl", "CRL"),
    da_error_type = ProtoField.uint32("castv2.deviceauth.error_type", "Error type", base.DEC, AUTH_ERRORS),
}
local fields = {}
for _, field in pairs(f) do fields[#fields + 1] = field end
castv2.fields = fields

local ef_malformed = ProtoExpert.new("castv2.malformed", "Malformed Cast frame", expert.group.MALFORMED, expert.severity.ERROR)
local ef_too_large = ProtoExpert.new("castv2.frame_too_large", "Cast frame length is 0 or over 64 KiB",
    expert.group.MALFORMED, expert.severity.ERROR)
local ef_da_malformed = ProtoExpert.new("castv2.deviceauth.malformed", "Malformed DeviceAuthMessage",
    expert.group.MALFORMED, expert.severity.ERROR)
local ef_incomplete = ProtoExpert.new("castv2.incomplete", "Incomplete Cast frame (TLS/TCP reassembly is off)",
    expert.group.REASSEMBLE, expert.severity.WARN)
castv2.experts = { ef_malformed, ef_too_large, ef_da_malformed, ef_incomplete }

castv2.prefs.tls_on_8009 = Pref.bool("TCP 8009 is TLS",
    true, "Decode TCP port 8009 as TLS (Wireshark gives it to AJP13 otherwise), so Cast is found without Decode As")
castv2.prefs.heuristic_tls = Pref.bool("Find Cast in TLS on any port",
    true, "Recognise Cast frames in decrypted TLS application data on any port (speaker groups on 32xxx ports, "
        .. "emulators and test rigs), without Decode As")
castv2.prefs.heuristic_tcp = Pref.bool("Find Cast in plain TCP on any port",
    false, "Also recognise unencrypted Cast frames on any TCP port (exported streams, test rigs)")

-- Looked up lazily: other dissectors may register after this script runs.
local json_dissector, cert_dissector, cert_looked_up
local function get_cert_dissector()
    if not cert_looked_up then
        cert_looked_up = true
        -- x509af registers its Certificate PDU as BER syntax "Certificate"; absent in stripped builds.
        local ok, d = pcall(function() return DissectorTable.get("ber.syntax"):get_dissector("Certificate") end)
        if ok then cert_dissector = d end
    end
    return cert_dissector
end

------------------------------------------------------------------------------------------------------------------
-- Protobuf (hand-written: Wireshark's protobuf dissector would need cast_channel.proto configured)

-- Reads a base-128 varint at absolute offset `off`, not past `limit`.
-- Returns low32 (the value mod 2^32, exact; proto2 enums/uint32 use these bits, as castscope does), num (the
-- whole value as a Lua number, exact below 2^53) and its size; or nil and an error message.
local function read_varint(tvb, off, limit)
    local low32, num = 0, 0
    for i = 0, 9 do
        if off + i >= limit then return nil, "truncated varint" end
        local b = tvb(off + i, 1):uint()
        local bits = b % 128
        num = num + bits * 2 ^ (7 * i)
        if i <= 4 then low32 = low32 + bits * 2 ^ (7 * i) end -- higher groups only touch bits >= 35
        if b < 128 then return low32 % 4294967296, num, i + 1 end
    end
    return nil, "varint longer than 10 bytes"
end

-- A zero-length TvbRange at the very end of a tvb is refused by some versions: use the field's key instead.
local function safe_range(tvb, off, len, fallback_off)
    if len == 0 and off >= tvb:len() then return tvb(fallback_off, 1) end
    return tvb(off, len)
end

-- The byte an error was found at (the last one when it was found at the end), for expert info.
local function byte_at(tvb, pos, limit)
    return tvb(math.min(pos, limit - 1), 1)
end

-- Strict UTF-8 check (no overlongs, surrogates or values above U+10FFFF), the rule castscope applies to strings.
local function valid_utf8(s)
    if not s:find("[\128-\255]") then return true end
    local i, n = 1, #s
    while i <= n do
        local c = s:byte(i)
        local need, cp, min
        if c < 0x80 then need, cp, min = 0, c, 0
        elseif c >= 0xC2 and c <= 0xDF then need, cp, min = 1, c - 0xC0, 0x80
        elseif c >= 0xE0 and c <= 0xEF then need, cp, min = 2, c - 0xE0, 0x800
        elseif c >= 0xF0 and c <= 0xF4 then need, cp, min = 3, c - 0xF0, 0x10000
        else return false end
        if i + need > n then return false end
        for k = 1, need do
            local b = s:byte(i + k)
            if b < 0x80 or b > 0xBF then return false end
            cp = cp * 64 + (b - 0x80)
        end
        if cp < min or cp > 0x10FFFF or (cp >= 0xD800 and cp <= 0xDFFF) then return false end
        i = i + need + 1
    end
    return true
end

-- Schemas: field number -> { wt = wire type, key = result name, field = ProtoField, kind, sub = schema, cert }.
local AUTH_CHALLENGE = {
    [1] = { wt = 0, key = "signature_algorithm", field = f.da_sig_alg },
    [2] = { wt = 2, key = "sender_nonce", field = f.da_nonce, kind = "bytes" },
    [3] = { wt = 0, key = "hash_algorithm", field = f.da_hash_alg },
}
local AUTH_RESPONSE = {
    [1] = { wt = 2, key = "signature", field = f.da_signature, kind = "bytes" },
    [2] = { wt = 2, key = "client_auth_certificate", field = f.da_client_cert, kind = "bytes", cert = true },
    [3] = { wt = 2, key = "intermediate_certificate", field = f.da_inter_cert, kind = "bytes", cert = true },
    [4] = { wt = 0, key = "signature_algorithm", field = f.da_sig_alg },
    [5] = { wt = 2, key = "sender_nonce", field = f.da_nonce, kind = "bytes" },
    [6] = { wt = 0, key = "hash_algorithm", field = f.da_hash_alg },
    [7] = { wt = 2, key = "crl", field = f.da_crl, kind = "bytes" },
}
local AUTH_ERROR = { [1] = { wt = 0, key = "error_type", field = f.da_error_type } }
local DEVICE_AUTH = {
    [1] = { wt = 2, key = "challenge", field = f.da_challenge, kind = "message", sub = AUTH_CHALLENGE },
    [2] = { wt = 2, key = "response", field = f.da_response, kind = "message", sub = AUTH_RESPONSE },
    [3] = { wt = 2, key = "error", field = f.da_error, kind = "message", sub = AUTH_ERROR },
}
local CAST_MESSAGE = {
    [1] = { wt = 0, key = "protocol_version", field = f.protocol_version },
    [2] = { wt = 2, key = "source_id", field = f.source_id, kind = "string" },
    [3] = { wt = 2, key = "destination_id", field = f.destination_id, kind = "string" },
    [4] = { wt = 2, key = "namespace", field = f.namespace, kind = "string" },
    [5] = { wt = 0, key = "payload_type", field = f.payload_type },
    [6] = { wt = 2, key = "payload_utf8", field = f.payload_utf8, kind = "string" },
    [7] = { wt = 2, key = "payload_binary", field = f.payload_binary, kind = "bytes" },
    [8] = { wt = 0, key = "continued", field = f.continued, kind = "bool" },
    [9] = { wt = 0, key = "remaining_length", field = f.remaining_length },
}

-- Decodes the protobuf message in tvb[off, limit) into `tree` following `schema`.
-- Returns vals (key -> value; strings as Lua strings, bytes/strings also as vals[key .. "_range"], items as
-- vals[key .. "_item"]), and on failure an error message plus the offset where it was found.
-- A repeated scalar keeps its last value, as protobuf specifies; unknown fields are shown and skipped.
local function parse_message(tvb, pinfo, off, limit, tree, schema)
    local vals = {}
    while off < limit do
        local tag_off = off
        local key, num, ksize = read_varint(tvb, off, limit)
        if not key then return vals, "field key: " .. num, tag_off end
        local fnum, wt = math.floor(num / 8), key % 8
        if fnum < 1 or fnum > 536870911 then return vals, "invalid field number " .. fnum, tag_off end
        if wt == 3 or wt == 4 then return vals, "field " .. fnum .. ": groups are not supported", tag_off end
        if wt > 5 then return vals, "field " .. fnum .. ": invalid wire type " .. wt, tag_off end
        local spec = schema[fnum]
        if spec and spec.wt ~= wt then
            return vals, string.format("field %d (%s): wire type %d, expected %d", fnum, spec.key, wt, spec.wt), tag_off
        end
        off = off + ksize
        local vstart, vlen, v32, vnum = off, 0, nil, nil
        if wt == 0 then
            local size
            v32, vnum, size = read_varint(tvb, off, limit)
            if not v32 then return vals, "field " .. fnum .. ": " .. vnum, off end
            vlen = size
        elseif wt == 1 or wt == 5 then
            vlen = (wt == 1) and 8 or 4
            if off + vlen > limit then
                return vals, string.format("field %d: truncated, need %d bytes, have %d", fnum, vlen, limit - off), off
            end
        else -- wt == 2
            local ok, n, size = read_varint(tvb, off, limit)
            if not ok then return vals, "field " .. fnum .. " length: " .. n, off end
            vstart = off + size
            if n >= 2147483648 or n > limit - vstart then
                return vals, string.format("field %d: truncated, need %d bytes, have %d", fnum, n, limit - vstart), vstart
            end
            vlen = n
        end
        local value_end = vstart + vlen
        if not spec then
            tree:add(f.unknown_field, tvb(tag_off, value_end - tag_off), fnum)
                :append_text(" (wire type " .. wt .. ", skipped)")
        elseif spec.kind == "message" then
            local sub = tree:add(spec.field, tvb(tag_off, value_end - tag_off))
            local sv, err, eoff = parse_message(tvb, pinfo, vstart, value_end, sub, spec.sub)
            vals[spec.key] = sv
            if err then return vals, spec.key .. "." .. err, eoff end
        elseif wt == 0 then
            local r = tvb(vstart, vlen)
            if spec.kind == "bool" then
                vals[spec.key] = (vnum ~= 0)
                tree:add(spec.field, r, vnum ~= 0)
            else
                vals[spec.key] = v32
                local item = tree:add(spec.field, r, v32)
                if vnum ~= v32 then item:append_text(" (low 32 bits of a larger varint)") end
            end
        else
            local r = safe_range(tvb, vstart, vlen, tag_off)
            local raw = (vlen > 0) and tvb(vstart, vlen):raw() or ""
            if spec.kind == "string" and not valid_utf8(raw) then
                return vals, "field " .. fnum .. " (" .. spec.key .. "): invalid UTF-8", vstart
            end
            local item
            if spec.kind == "string" then
                item = tree:add(spec.field, r, raw) -- the exact (validated) text, not a lossy redecode
            else
                item = tree:add(spec.field, r)
            end
            if vlen == 0 then item:set_len(0) end -- r may be a 1-byte stand-in (safe_range)
            vals[spec.key], vals[spec.key .. "_range"], vals[spec.key .. "_item"] = raw, r, item
            local cert = spec.cert and vlen > 0 and get_cert_dissector()
            if cert then pcall(function() cert:call(tvb(vstart, vlen):tvb(), pinfo, item) end) end
        end
        off = value_end
    end
    return vals
end

------------------------------------------------------------------------------------------------------------------
-- JSON: a minimal walk of the top-level object for "type" and "requestId" (the full tree comes from Wireshark's
-- JSON dissector). Offsets are 1-based string indexes.

local ESCAPES = { ['"'] = '"', ['\\'] = '\\', ['/'] = '/', b = '\b', f = '\f', n = '\n', r = '\r', t = '\t' }

local function utf8_char(cp)
    if cp >= 0xD800 and cp <= 0xDFFF then cp = 0xFFFD end -- lone surrogate: keep the text valid UTF-8
    if cp < 0x80 then return string.char(cp) end
    if cp < 0x800 then return string.char(0xC0 + math.floor(cp / 64), 0x80 + cp % 64) end
    if cp < 0x10000 then
        return string.char(0xE0 + math.floor(cp / 4096), 0x80 + math.floor(cp / 64) % 64, 0x80 + cp % 64)
    end
    return string.char(0xF0 + math.floor(cp / 262144), 0x80 + math.floor(cp / 4096) % 64,
        0x80 + math.floor(cp / 64) % 64, 0x80 + cp % 64)
end

-- s:sub(i, i) is '"'. Returns the decoded string and the index after the closing quote, or nil.
local function json_string(s, i)
    local out, j = {}, i + 1
    while true do
        local k = s:find('["\\]', j)
        if not k then return nil end
        out[#out + 1] = s:sub(j, k - 1)
        if s:byte(k) == 34 then return table.concat(out), k + 1 end
        local e = s:sub(k + 1, k + 1)
        if e == "u" then
            local hex = s:match("^%x%x%x%x", k + 2)
            if not hex then return nil end
            local cp = tonumber(hex, 16)
            j = k + 6
            local lo = (cp >= 0xD800 and cp <= 0xDBFF) and s:match("^\\u([dD][c-fC-F]%x%x)", j)
            if lo then
                cp = 0x10000 + (cp - 0xD800) * 0x400 + (tonumber(lo, 16) - 0xDC00)
                j = j + 6
            end
            out[#out + 1] = utf8_char(cp)
        elseif ESCAPES[e] then
            out[#out + 1] = ESCAPES[e]
            j = k + 2
        else
            return nil
        end
    end
end

local function skip_ws(s, i) return s:find("[^ \t\r\n]", i) or (#s + 1) end

-- Returns the index after the JSON value starting at i, or nil.
local function skip_value(s, i)
    local c = s:sub(i, i)
    if c == '"' then
        local _, nxt = json_string(s, i)
        return nxt
    elseif c == "{" or c == "[" then
        local depth, j = 0, i
        while true do
            j = s:find('[%[%]{}"]', j)
            if not j then return nil end
            local ch = s:sub(j, j)
            if ch == '"' then
                local _, nxt = json_string(s, j)
                if not nxt then return nil end
                j = nxt
            else
                depth = depth + ((ch == "{" or ch == "[") and 1 or -1)
                j = j + 1
                if depth == 0 then return j end
            end
        end
    end
    return s:find("[,}%] \t\r\n]", i) or (#s + 1) -- number or literal
end

-- Returns { type = {text, start, len}?, request_id = {number, start, len}? } (first occurrence of each key).
local function json_peek(s)
    local res = {}
    local i = skip_ws(s, 1)
    if s:sub(i, i) ~= "{" then return res end
    i = skip_ws(s, i + 1)
    while s:sub(i, i) == '"' do
        local key, nxt = json_string(s, i)
        if not key then return res end
        i = skip_ws(s, nxt)
        if s:sub(i, i) ~= ":" then return res end
        i = skip_ws(s, i + 1)
        local c = s:sub(i, i)
        if key == "type" and c == '"' and not res.type then
            local v, after = json_string(s, i)
            if not v then return res end
            res.type = { v, i, after - i }
            i = after
        elseif key == "requestId" and c:match("[-%d]") and not res.request_id then
            local tok = s:match("^-?[%d.eE+-]+", i)
            local n = tonumber(tok)
            if n then res.request_id = { n, i, #tok } end
            i = i + #tok
        else
            i = skip_value(s, i)
            if not i then return res end
        end
        i = skip_ws(s, i)
        if s:sub(i, i) ~= "," then return res end
        i = skip_ws(s, i + 1)
    end
    return res
end

------------------------------------------------------------------------------------------------------------------
-- Frames

local function short_ns(ns)
    return (ns:gsub("^urn:x%-cast:com%.google%.cast%.", ""))
end

-- proto2 required fields and payload consistency, as Chromium's IsCastMessageValid / castscope check them.
local function validate(v)
    for _, key in ipairs({ "protocol_version", "source_id", "destination_id", "namespace", "payload_type" }) do
        if v[key] == nil then return "missing required field " .. key end
    end
    if not VERSIONS[v.protocol_version] then return "unknown protocol_version " .. v.protocol_version end
    if v.payload_type == 0 then
        if not v.payload_utf8 then return "STRING message without payload_utf8" end
        if v.payload_binary then return "STRING message with payload_binary" end
    elseif v.payload_type == 1 then
        if not v.payload_binary then return "BINARY message without payload_binary" end
        if v.payload_utf8 then return "BINARY message with payload_utf8" end
    else
        return "unknown payload_type " .. v.payload_type
    end
end

-- Shows the JSON payload and the "type"/"requestId" it carries; returns the type for the Info column.
local function dissect_json(tvb, pinfo, v)
    local text, r, item = v.payload_utf8, v.payload_utf8_range, v.payload_utf8_item
    if #text == 0 then return nil end
    local base = r:offset() - 1 -- string index i is tvb offset base + i
    local peek = json_peek(text)
    if peek.type then
        local t = peek.type
        item:add(f.type, tvb(base + t[2], t[3]), t[1]):set_generated()
    end
    if peek.request_id then
        local n = peek.request_id
        if n[1] == math.floor(n[1]) and math.abs(n[1]) < 2 ^ 53 then
            item:add(f.request_id, tvb(base + n[2], n[3]), Int64.new(n[1])):set_generated()
        else
            item:add(tvb(base + n[2], n[3]), "requestId is not an integer: " .. text:sub(n[2], n[2] + n[3] - 1))
        end
    end
    json_dissector = json_dissector or Dissector.get("json")
    if json_dissector then
        -- The JSON dissector appends "/JSON" and its name to the columns; keep ours (add_info relies on them).
        local protocol, info = tostring(pinfo.cols.protocol), tostring(pinfo.cols.info)
        pcall(function() json_dissector:call(r:tvb(), pinfo, item) end)
        pinfo.cols.protocol, pinfo.cols.info = protocol, info
    end
    return peek.type and peek.type[1]
end

-- Shows a deviceauth payload; returns a word for the Info column.
local function dissect_deviceauth(tvb, pinfo, v)
    local r = v.payload_binary_range
    local len = #v.payload_binary
    if len == 0 then return "empty" end
    local sub = v.payload_binary_item:add(f.deviceauth, r)
    local da, err, eoff = parse_message(tvb, pinfo, r:offset(), r:offset() + len, sub, DEVICE_AUTH)
    if err then
        sub:add_tvb_expert_info(ef_da_malformed, byte_at(tvb, eoff, r:offset() + len),
            string.format("Malformed DeviceAuthMessage: %s (payload byte %d)", err, eoff - r:offset()))
        return "malformed DeviceAuthMessage"
    end
    if da.error then return "error " .. (AUTH_ERRORS[da.error.error_type] or tostring(da.error.error_type)) end
    return (da.response and "response") or (da.challenge and "challenge") or "empty"
end

-- Dissects one complete frame at tvb[off]; returns its Info column text.
local function dissect_frame(tvb, pinfo, tree, off, body_len)
    local item = tree:add(castv2, tvb(off, 4 + body_len))
    item:add(f.length, tvb(off, 4))
    local v, err, eoff = parse_message(tvb, pinfo, off + 4, off + 4 + body_len, item, CAST_MESSAGE)
    err = err or validate(v)
    if err then
        -- Point at the bad byte when known, else at the whole body; the length was sane, so go on after it.
        local where = eoff and byte_at(tvb, eoff, off + 4 + body_len) or tvb(off + 4, body_len)
        if eoff then err = string.format("%s (body byte %d)", err, eoff - off - 4) end
        item:add_tvb_expert_info(ef_malformed, where, "Malformed CastMessage: " .. err)
        item:append_text(", malformed: " .. err)
        return "Cast malformed frame (" .. err .. ")"
    end
    local detail
    if v.payload_type == 0 then
        detail = dissect_json(tvb, pinfo, v)
    elseif v.namespace == DEVICEAUTH_NS then
        detail = dissect_deviceauth(tvb, pinfo, v)
    else
        detail = #v.payload_binary .. " binary bytes"
    end
    local summary = string.format("%s \226\134\146 %s %s", v.source_id, v.destination_id, short_ns(v.namespace))
    if detail then summary = summary .. " " .. detail end
    item:append_text(", " .. summary)
    return "Cast " .. summary
end

-- After a bad length the boundary is lost: look for the next plausible header, length(4) 08 0x 12
-- (protocol_version, then source_id), the same pattern castscope resynchronises on.
local function find_header(tvb, from, total)
    for i = from, total - 7 do
        if tvb(i + 4, 1):uint() == 0x08 and tvb(i + 5, 1):uint() <= 3 and tvb(i + 6, 1):uint() == 0x12 then
            local len = tvb(i, 4):uint()
            if len > 0 and len <= MAX_BODY then return i end
        end
    end
    return nil
end

-- Several calls can land in one packet (one per TLS record): the first sets the columns, later ones append.
local function add_info(pinfo, text)
    if tostring(pinfo.cols.protocol) == "CASTV2" then
        pinfo.cols.info:append(", " .. text)
    else
        pinfo.cols.protocol = "CASTV2"
        pinfo.cols.info = text
    end
end

local function dissect_castv2(tvb, pinfo, tree)
    local total = tvb:len()
    local off = 0
    while off < total do
        local left = total - off
        local body_len = (left >= 4) and tvb(off, 4):uint() or nil
        local sane = body_len and body_len > 0 and body_len <= MAX_BODY
        if not body_len or (sane and left < 4 + body_len) then
            if pinfo.can_desegment > 0 then
                -- Ask TLS (or TCP) for the rest of this frame; it calls us again from `off` with more bytes.
                pinfo.desegment_offset = off
                pinfo.desegment_len = body_len and (4 + body_len - left) or DESEGMENT_ONE_MORE_SEGMENT
                return total
            end
            local item = tree:add(castv2, tvb(off, left))
            item:add_proto_expert_info(ef_incomplete)
            add_info(pinfo, "Cast incomplete frame")
            return total
        end
        if not sane then
            local nxt = find_header(tvb, off + 1, total)
            local item = tree:add(castv2, tvb(off, (nxt or total) - off))
            item:add(f.length, tvb(off, 4))
            item:add_tvb_expert_info(ef_too_large, tvb(off, 4),
                string.format("Cast frame length %d is outside 1..%d; %s", body_len, MAX_BODY,
                    nxt and "skipped to the next plausible frame header" or "rest of the data skipped"))
            add_info(pinfo, "Cast bad frame length " .. body_len)
            if not nxt then return total end
            off = nxt
        else
            add_info(pinfo, dissect_frame(tvb, pinfo, tree, off, body_len))
            off = off + 4 + body_len
        end
    end
    return off
end

------------------------------------------------------------------------------------------------------------------
-- Registration

castv2.dissector = dissect_castv2

local tls_handle = Dissector.get("tls")
local tcp_table = DissectorTable.get("tcp.port")
local tls_port_table = DissectorTable.get("tls.port")
local previous_8009 = tcp_table:get_dissector(8009) -- AJP13 in stock Wireshark; restored when the pref is off
tls_port_table:add(8009, castv2) -- decrypted application data of TLS on 8009
local castv2_name = tostring(tls_port_table:get_dissector(8009))

-- A short printable ASCII string field (tag byte `tag`) at `off`, within `limit`: returns its text and the offset
-- after it, or nil.
local function printable_field(tvb, off, limit, tag)
    if off + 2 > limit or tvb(off, 1):uint() ~= tag then return nil end
    local len = tvb(off + 1, 1):uint()
    if len == 0 or len > 127 or off + 2 + len > limit then return nil end
    local text = tvb(off + 2, len):string()
    if text:find("[^\32-\126]") then return nil end
    return text, off + 2 + len
end

-- Whether the data starts with a Cast frame: a 4-byte big-endian length of 1..64 KiB, then a CastMessage whose field
-- 1 is protocol_version 0 (CASTV2_1_0), fields 2-4 short printable strings (source, destination, namespace) and
-- the namespace a urn:x-cast: one. Strict enough that HTTP, AJP or other TLS payloads do not pass.
local function starts_with_cast_frame(tvb)
    local total = tvb:len()
    if total < 4 + 2 + 3 * 3 + 11 then return false end
    local len = tvb(0, 4):uint()
    if len == 0 or len > MAX_BODY then return false end
    local limit = math.min(total, 4 + len)
    if tvb(4, 1):uint() ~= 0x08 or tvb(5, 1):uint() ~= 0x00 then return false end
    local _, off = printable_field(tvb, 6, limit, 0x12)
    if not off then return false end
    _, off = printable_field(tvb, off, limit, 0x1a)
    if not off then return false end
    local namespace = printable_field(tvb, off, limit, 0x22)
    return namespace ~= nil and namespace:sub(1, 11) == "urn:x-cast:"
end

-- Streams found to carry Cast by the content check, so their later segments (mid-frame ones included) stay Cast.
local cast_streams = {}
local function stream_key(pinfo)
    local a = tostring(pinfo.src) .. ":" .. pinfo.src_port
    local b = tostring(pinfo.dst) .. ":" .. pinfo.dst_port
    if a < b then return a .. "-" .. b end
    return b .. "-" .. a
end

local function claims_by_content(tvb, pinfo)
    local key = stream_key(pinfo)
    if cast_streams[key] then return true end
    if starts_with_cast_frame(tvb) then
        cast_streams[key] = true
        return true
    end
    return false
end

-- Without ALPN, TLS tries its heuristic dissectors before the tls.port table, and some (RDPMT) claim Cast
-- frames. Heuristics registered later run first, so this one, which claims the data whenever the tls.port table
-- (8009, or a Decode As) says Cast, restores the port's priority; on other ports it recognises Cast by its frames.
local function heuristic(tvb, pinfo, tree)
    local claimed = false
    for _, port in ipairs({ pinfo.src_port, pinfo.dst_port }) do
        local d = tls_port_table:get_dissector(port)
        if d and tostring(d) == castv2_name then claimed = true end
    end
    if not claimed and castv2.prefs.heuristic_tls then claimed = claims_by_content(tvb, pinfo) end
    if not claimed then return false end
    -- The Lua function itself: castv2.dissector is a handle, and calling it would use up can_desegment.
    dissect_castv2(tvb, pinfo, tree)
    return true
end
castv2:register_heuristic("tls", heuristic)

-- Plain TCP (off by default: unencrypted Cast is rare and every TCP payload would be looked at).
local function heuristic_tcp(tvb, pinfo, tree)
    if not castv2.prefs.heuristic_tcp or not claims_by_content(tvb, pinfo) then return false end
    dissect_castv2(tvb, pinfo, tree)
    return true
end
castv2:register_heuristic("tcp", heuristic_tcp)
-- A new file starts with no stream known.
function castv2.init() cast_streams = {} end
pcall(function() tcp_table:add_for_decode_as(castv2) end) -- plaintext Cast (e.g. exported streams) via Decode As

local applied -- re-register only on a change, so other pref changes keep a Decode As of TCP 8009
local function apply_prefs()
    if castv2.prefs.tls_on_8009 == applied then return end
    applied = castv2.prefs.tls_on_8009
    if applied then
        tcp_table:add(8009, tls_handle)
    elseif previous_8009 then
        tcp_table:add(8009, previous_8009)
    else
        tcp_table:remove(8009, tls_handle)
    end
end
castv2.prefs_changed = apply_prefs
apply_prefs()
