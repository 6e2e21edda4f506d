/// Numbers in running text.
public enum NumberText {
    /// 100030 as "100,030". By hand: `formatted()` starts an ICU number formatter, on the
    /// window's first frame.
    public static func grouped(_ n: Int) -> String {
        let digits = Array(String(n.magnitude))
        var text = n < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return text
    }
}
